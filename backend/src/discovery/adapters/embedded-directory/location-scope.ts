export type LocationPrecision = 'zip' | 'neighbourhood' | 'city' | 'state';

/** Where a search looks: the cities it is limited to, and what inside them was asked for. */
export interface LocationScope {
  /** Indexes into the data set's cities; empty when the place is understood but the directory has nothing there. */
  cities: number[];
  /** Neighbourhoods named, per city index. */
  neighbourhoods: Map<number, Set<string>>;
  zips: Set<string>;
  precision: LocationPrecision;
}

/** What one recognised place phrase stands for. */
export type PlaceEntry =
  | { kind: 'city'; city: number }
  | { kind: 'state'; code: string; wordLike: boolean }
  | { kind: 'neighbourhood'; city: number; name: string };
