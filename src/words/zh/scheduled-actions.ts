import type { ScheduledActionWords } from "../scheduled-actions.js";

export const scheduledActions: ScheduledActionWords = {
  title: "Cyrene 定时操作",
  verbs: {
    turn_on: "打开",
    turn_off: "关闭",
    toggle: "切换",
    open_cover: "打开",
    close_cover: "关闭",
    stop_cover: "停止",
    set_cover_position: "调节",
    lock: "锁上",
    unlock: "解锁",
    open: "打开",
    set_temperature: "设置温度：",
    set_hvac_mode: "设置模式：",
    alarm_disarm: "撤防",
    alarm_arm_away: "布防",
    press: "按下",
  },
  when: (day, time) => (day === "today" ? time : day === "tomorrow" ? `明天 ${time}` : `${day.date} ${time}`),
  willDo: (when, verb, names) => `${when} 我会${verb} ${names}。`,
  done: (what) => `已按计划执行：${what}。`,
  failed: (what, why) => `定时操作没有执行（${what}）：${why}`,
  missed: (what, due) => `错过了，未执行：${what}（原定 ${due}，当时 Cyrene 没有运行）。`,
  unknown: (what) => `执行过程中 Cyrene 停止了，无法确定是否已完成：${what}。请检查一下。`,
  sun: { sunrise: /日出|天亮/, sunset: /日落|天黑|太阳下山/, before: /前/ },
};
