import { describe, expect, it } from "vitest";
import { claimsDeviceAction } from "../../src/agent/claims.js";
import { asksForChange, isStatusQuestion } from "../../src/words/user-intent.js";
import { turnWords } from "../../src/words/turn-words.js";

/** Read in the language of its pack: the German and French answers with theirs, the rest by their script. */
const claimed = (answer: string) => {
  const language = /eingeschaltet|Haustür|Nein|Licht/.test(answer)
    ? "de"
    : /lumière|Volets/.test(answer)
      ? "fr"
      : undefined;
  return claimsDeviceAction(answer, turnWords(language, answer)!.claims);
};

describe("claimsDeviceAction", () => {
  it.each([
    "好的，已为您打开客厅灯。",
    "已经帮你把灯关掉了",
    "空调已调到 24 度。",
    "帮你把窗帘拉开了，卧室灯也关好了。",
    "搞定！",
    "Done! I've turned off the kitchen lights.",
    "I turned on the bedroom lamp.",
    "The front door has been locked.",
    "The lights are now off.",
    "I have set the thermostat to 21 degrees.",
    "I've killed the lights in the basement.",
    "空气净化器已进入睡眠模式。",
    "好的，已经把客厅灯调亮一点了。",
    "Licht eingeschaltet",
    "Ich habe die Haustür abgeschlossen.",
    "J'ai allumé la lumière de la cuisine.",
    "Volets fermés",
  ])("%s is a claim", (answer) => expect(claimed(answer)).toBe(true));

  it.each([
    "抱歉，我没能打开客厅灯：找不到这个设备。",
    "你要打开哪一盏灯？",
    "I couldn't turn on the light: Home Assistant did not answer.",
    "I did not lock the door.",
    "Which light do you mean?",
    "I'll turn it on if you confirm.",
    "I've set a reminder to turn off the oven at 6.",
    "已经设置好提醒，六点提醒你关烤箱。",
    "The living room light is on.",
    "车库门已经开了一个小时了。",
    "The front door has been unlocked since 8 pm.",
    "The kitchen light is already on.",
    "已为您查询到3个设备：客厅灯、卧室灯、走廊灯。",
    "已收到，正在处理。",
    "I have limited access to your devices.",
    "Nein, aus",
    "Soll ich das Licht einschalten?",
    "Je n'ai pas pu allumer la lumière.",
    "La lumière de la cuisine est déjà allumée.",
  ])("%s is no claim", (answer) => expect(claimed(answer)).toBe(false));
});

describe("what the user asks for", () => {
  it.each([
    "灯开着吗？",
    "客厅灯开着吗",
    "门锁了没有？",
    "卧室现在多少度？",
    "门打开了吗？",
    "Is the door locked?",
    "is the kitchen light on",
    "Are any windows open?",
    "What's the temperature in the bedroom?",
    "Did you turn on the light?",
    "请问门锁了吗？",
    "灯打开了吗？",
    "我要睡觉了，门锁好了吗？",
  ])("%s is a status question", (text) => {
    const { intent } = turnWords(undefined, text)!;
    expect(isStatusQuestion(text, intent)).toBe(true);
    expect(asksForChange(text, intent)).toBe(false);
  });

  it.each([
    "打开客厅灯",
    "把灯关了",
    "帮我开灯好吗？",
    "能不能把空调调到 24 度？",
    "灯开着吗？没开的话打开",
    "Turn off the kitchen lights",
    "Can you lock the front door?",
    "Is the door locked? If not, lock it.",
    "please dim the lamp",
    "开灯好吗？",
    "把灯关了吧",
    "Turn on the light?",
    "can you turn on the kitchen light?",
    "would it be possible to turn on the fan?",
    "is it possible to dim the bedroom lights",
    "do you think you could open the garage",
    "可以把风扇打开吗",
    "你能启动扫地机器人吗",
  ])("%s asks for a change", (text) => {
    const { intent } = turnWords(undefined, text)!;
    expect(asksForChange(text, intent)).toBe(true);
    expect(isStatusQuestion(text, intent)).toBe(false);
  });
});
