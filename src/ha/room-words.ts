/**
 * Words that name a room or a place of a home on their own: the head words of the room names in
 * allenporter/home-assistant-datasets' homes (device-actions-v2-fixtures, every `areas:` name; the test
 * checks each word against them). Words too common to name one room ("room", "house", "area", "well")
 * are left out. A word of these that a home does not know names a room it does not have ("the bathroom
 * fan" where the only fan is in the bedroom): see reread.ts.
 */
export const ROOM_WORDS: ReadonlySet<string> = new Set(
  (
    "bedroom office terrace garden kitchen pavilion cinema helipad bathroom balcony deck backyard " +
    "kitchenette closet sauna porch barn coop yard walkway gym pool courtyard shed trail workshop patio " +
    "beach studio veranda hallway orchard entryway attic basement study conservatory chapel fountain " +
    "parking grove theater cellar vineyard"
  ).split(" "),
);
