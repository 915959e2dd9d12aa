/**
 * A language's words for a colour, lowercase, → the CSS colour name HA's light.turn_on takes as color_name.
 * An English name needs no entry: it is passed on as said.
 */
export type ColorWords = Readonly<Record<string, string>>;
