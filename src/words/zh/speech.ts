import type { SpeechWords } from "../speech.js";

const about = (with_: string, alone: string) => (object: string | undefined) =>
  object ? `正${with_}${object}…` : `正${alone}…`;

export const speech: SpeechWords = {
  noAnswer: "（没有回答）",
  progress: {
    calls: {
      web_search: about("在网上搜索", "在网上搜索"),
      web_fetch: about("在读取网页", "在读取网页"),
      http: about("在连接", "在发送请求"),
      knowledge_search: about("在知识库中查找", "在查知识库"),
      knowledge_ingest: about("在保存", "在存入知识库"),
      memory_search: about("在回忆", "在回顾之前的对话"),
      iot_query: about("在查看", "在查看家里的情况"),
      iot_control: about("在操作", "在操作设备"),
      reminder_create: about("在设置提醒：", "在设置提醒"),
      reminder_list: () => "正在查看提醒…",
      reminder_delete: () => "正在取消提醒…",
      datetime: () => "正在查看日期和时间…",
      calculator: () => "正在计算…",
      file: about("在处理文件", "在处理文件"),
    },
    working: "正在处理…",
    still: "还在处理，稍等一下…",
    handedOff: "这要花点时间，好了我再告诉你。",
    thinking: "我想一想…",
    answering: "正在整理回答…",
  },
  voice: {
    done: "好的。",
    stillWorking: "我还在处理，稍后再问我结果吧。",
    tooSlow: "抱歉，这次没来得及回答，请再说一次。",
    failed: "抱歉，我现在无法回答，请稍后再试。",
    unheard: "抱歉，我没听清。",
    tooLong: (length, max) => `这段话太长了（${length} 个字符，最多 ${max} 个），我没有处理。请说短一些。`,
  },
  reminders: {
    title: "Cyrene 提醒",
    done: "完成",
    snooze: (amount, unit) => `${amount} ${unit === "min" ? "分钟" : "秒"}后再提醒`,
    late: (due, skipped) => `（原定 ${due}，迟到了${more(skipped)}）`,
    missed: (due, skipped) => `（错过了：原定 ${due}${more(skipped)}）`,
    failedTitle: "Cyrene 提醒未送达",
    failed: (message, target, error) => `提醒「${message}」没能送到 ${target}：${error}`,
  },
};

function more(skipped: number): string {
  return skipped > 0 ? `，另有 ${skipped} 次错过` : "";
}
