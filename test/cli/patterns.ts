// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\x1b\r]/;
export const CONVERSATION_LINE = /^conversation ([0-9a-f-]{36})$/m;

export const lines = (text: string): string[] => text.split("\n").filter(Boolean);
