/**
 * US states, DC and the inhabited territories by their postal abbreviation: the community search
 * matches "TX" and "Texas" alike, whichever of the two a member wrote in her profile.
 */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

const squeeze = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(US_STATES).map(([abbreviation, name]) => [squeeze(name), abbreviation]),
);

/**
 * The other spellings of a state a search term names exactly ("tx" -> ["TX", "Texas"], "texas" -> the same; dots
 * and case do not matter: "t.x." is TX, "washington dc" is DC); [] when the term is not a state.
 */
export function stateSpellings(term: string): string[] {
  const squeezed = squeeze(term);
  const letters = squeezed.replace(/[.\s]/g, '').toUpperCase();
  if (letters.length === 2 && US_STATES[letters]) return [letters, US_STATES[letters] as string];
  const abbreviation =
    BY_NAME.get(squeezed) ??
    BY_NAME.get(squeezed.replace(/\./g, '')) ??
    (squeezed.replace(/[.,]/g, '') === 'washington dc' ? 'DC' : undefined);
  return abbreviation ? [abbreviation, US_STATES[abbreviation] as string] : [];
}
