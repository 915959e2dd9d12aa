import type { ConsentWords } from "../consent.js";

export const consent: ConsentWords = {
  yes: ["是", "好", "行", "可以", "确认", "确定", "同意", "对", "没问题", "嗯", "要"],
  no: ["不", "别", "否", "取消", "算了", "没"],
};
