import { Badge, Table, Text } from '@mantine/core';
import type { LocationCallPoint } from '../../api/locations-api';
import { AnchorLink } from '../calls/components/anchor-link';
import { formatCallDate } from '../calls/display/format-call-date';
import { formatScore, formatSeconds } from '../calls/display/format-measures';
import { outcomeOf } from './location-history';

const NOT_AVAILABLE = 'N/A';

function CallRow({ call }: { call: LocationCallPoint }) {
  const outcome = outcomeOf(call);
  const when = formatCallDate(call.created_at);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {when}
      </Table.Th>
      <Table.Td>
        <Badge color={outcome.color} variant="light" tt="none" radius="sm">
          {outcome.label}
        </Badge>
      </Table.Td>
      <Table.Td>{formatSeconds(call.time_to_answer_ms === null ? null : call.time_to_answer_ms / 1000)}</Table.Td>
      <Table.Td>{call.rings_before_pickup ?? NOT_AVAILABLE}</Table.Td>
      <Table.Td>{call.overall_score === null ? NOT_AVAILABLE : `${formatScore(call.overall_score)}/10`}</Table.Td>
      <Table.Td>
        {call.status === 'completed' ? (
          <AnchorLink
            to="/call/$callId"
            params={{ callId: call.id }}
            fz="sm"
            c="ringcheck.8"
            aria-label={`View report of the call on ${when}`}
          >
            View report
          </AnchorLink>
        ) : (
          <Text fz="sm" c="dimmed" span>
            {NOT_AVAILABLE}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Every call to the business, oldest first: the chart's numbers as text, with the way to each report. */
export function LocationHistoryTable({ calls, id, businessName }: { calls: LocationCallPoint[]; id: string; businessName: string }) {
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table id={id} striped verticalSpacing="xs" captionSide="top">
        <Table.Caption ta="left">Calls to {businessName}, oldest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Outcome</Table.Th>
            <Table.Th scope="col">Time to answer</Table.Th>
            <Table.Th scope="col">Rings</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col">Report</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => (
            <CallRow key={call.id} call={call} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
