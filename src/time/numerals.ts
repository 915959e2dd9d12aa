const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 0–999 in Chinese numerals ("十五", "二十四", "一百零八"); undefined when not a number. */
export function chineseNumber(text: string): number | undefined {
  if (text === "") return undefined;
  let total = 0;
  let digit = 0;
  for (const char of text) {
    if (char in DIGITS) digit = DIGITS[char]!;
    else if (char === "十") {
      total += (digit || 1) * 10;
      digit = 0;
    } else if (char === "百") {
      total += (digit || 1) * 100;
      digit = 0;
    } else return undefined;
  }
  return total + digit;
}

/** Arabic or Chinese numerals ("15", "十五"). */
export function anyNumber(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : chineseNumber(text);
}
