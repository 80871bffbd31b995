/**
 * Where a roster column goes on a phone's card, by column id: part of the card's name (the first
 * such column is also the one that stays in view on a desktop), or a summary line shown at once.
 * Columns not listed open under "More details". Kept out of rosterColumns, which the start-up
 * bundle carries, as only the list pages need it.
 */
export type CardPlace = 'name' | 'summary';

const places: Readonly<Record<string, CardPlace>> = {
  firstName: 'name',
  lastName: 'name',
  program: 'summary',
  startDate: 'summary',
  endDate: 'summary',
  numberOfLessons: 'summary',
  lessonsLeft: 'summary',
  ownerName: 'summary',
  country: 'summary',
  state: 'summary',
  studentCount: 'summary',
  activeThisMonth: 'summary',
  meetingsThisMonth: 'summary',
  ownerStatus: 'summary',
};

export const cardPlace = (columnId: string): CardPlace | undefined => places[columnId];
