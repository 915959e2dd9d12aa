import type { ActionLines } from "../action-lines.js";

// HA's service names (homeassistant/components/*/services.yaml), said as a person would.
const VERBS: Record<string, (targets: string) => string> = {
  turn_on: (t) => `打开${t}`,
  turn_off: (t) => `关闭${t}`,
  toggle: (t) => `切换${t}`,
  open_cover: (t) => `打开${t}`,
  close_cover: (t) => `关闭${t}`,
  stop_cover: (t) => `停下${t}`,
  set_cover_position: (t) => `调节${t}的位置`,
  open: (t) => `打开${t}`,
  lock: (t) => `锁上${t}`,
  unlock: (t) => `解锁${t}`,
  set_temperature: (t) => `调节${t}的温度`,
  set_hvac_mode: (t) => `设置${t}的模式`,
  start: (t) => `启动${t}`,
  pause: (t) => `暂停${t}`,
  return_to_base: (t) => `让${t}回去充电`,
  media_play: (t) => `播放${t}`,
  media_pause: (t) => `暂停${t}`,
  press: (t) => `按下${t}`,
  alarm_disarm: (t) => `解除${t}的警戒`,
};

export const actionLines: ActionLines = {
  honestNotDone: "抱歉，我其实没有执行这个操作，设备没有被控制。请再说一次，我会重新尝试。",
  askBeforeActing: (service, targets) => {
    const say = VERBS[service] ?? ((t: string) => `对${t}执行 ${service}`);
    return `要我${say(targets.join("和") || "它")}吗？`;
  },
};
