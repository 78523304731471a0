import { createFileRoute } from '@tanstack/react-router';
import { ConversionPage } from '../../features/analytics/conversion-page';
import { type ConversionSearch, validateConversionSearch } from '../../features/analytics/conversion-search';

/**
 * The analysts' conversion page. No loader: the range form stays on screen while figures load, and
 * the server alone decides who may see them (a refusal shows on the page).
 */
export const Route = createFileRoute('/_authenticated/analytics')({
  validateSearch: validateConversionSearch,
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const changeSearch = (next: ConversionSearch) => void navigate({ search: next });
  return <ConversionPage search={search} onSearchChange={changeSearch} />;
}
