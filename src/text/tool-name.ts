/** A tool name as the OpenAI API accepts it, and so every name Cyrene offers or takes from a client. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const TOOL_NAME_RULE = "tool names are 1–64 letters, digits, _ or -";
