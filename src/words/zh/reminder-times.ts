import { weekdays, type ReminderTimeWords } from "../reminder-times.js";

/*
 * Chinese, as Cyrene's reminders have read it since they were written (HA's intents have no zh weekday or
 * repeat words): 星期一…星期日 with the everyday short forms (周一, and the bare 一…日 after 每周).
 */
export const reminderTimes: ReminderTimeWords = {
  repeats: {
    每天: "FREQ=DAILY",
    工作日: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    周末: "FREQ=WEEKLY;BYDAY=SA,SU",
    每周: "FREQ=WEEKLY",
    每月: "FREQ=MONTHLY",
    每年: "FREQ=YEARLY",
  },
  weeklyOn: /^每周\s*/,
  weekdays: weekdays({
    MO: "一|周一|星期一",
    TU: "二|周二|星期二",
    WE: "三|周三|星期三",
    TH: "四|周四|星期四",
    FR: "五|周五|星期五",
    SA: "六|周六|星期六",
    SU: "日|天|周日|星期日|星期天",
  }),
  dayJoiners: ["和", "及"],
  sunOffset: { after: /之后|以后|后|过|的/g, at: /^\s*在\s*/, amounts: [] },
};
