"""Drives Cyrene with a real third-party Python client and prints one JSON line of results.

Usage: python python_clients.py <openai|langchain|ollama> <cyrene base url> <ollama base url> <tag>

Each check is "ok" or what went wrong. The scripted LLM behind Cyrene answers by what the last message
says (see test/clients/scenario-llm.ts): "weather" asks for the client's get_weather tool, "json" gives
JSON, "fail" makes the LLM fail, anything else is echoed in Chinese.
"""

import json
import sys
import traceback

WEATHER_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
}
ANSWER_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "temp_c": {"type": "number"}},
    "required": ["city", "temp_c"],
    "additionalProperties": False,
}


CHECKS = ["multi_turn", "stream", "tools", "abandoned_tool", "structured", "upstream_error"]


def run_checks(*fns):
    """Runs one function per check, in CHECKS' order: "ok", or what went wrong."""
    results = {}
    for name, fn in zip(CHECKS, fns):
        try:
            fn()
            results[name] = "ok"
        except Exception as error:  # noqa: BLE001 - every failure is a result
            results[name] = f"{type(error).__name__}: {error}"[:400]
            traceback.print_exc(file=sys.stderr)
    return results


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def run_openai(base, tag):
    import openai

    client = openai.OpenAI(base_url=f"{base}/v1", api_key="unused")
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": WEATHER_SCHEMA}}]

    def multi_turn():
        messages = [{"role": "user", "content": f"你好 {tag}"}]
        for turn in range(3):
            answer = client.chat.completions.create(model="cyrene", messages=messages, user=tag)
            text = answer.choices[0].message.content
            expect(text == "你说：" + messages[-1]["content"], text)
            messages += [{"role": "assistant", "content": text}, {"role": "user", "content": f"第{turn}轮 {tag}"}]

    def stream():
        parts = client.chat.completions.create(
            model="cyrene", stream=True, messages=[{"role": "user", "content": f"流式 {tag}"}]
        )
        text = "".join(chunk.choices[0].delta.content or "" for chunk in parts if chunk.choices)
        expect(text == f"你说：流式 {tag}", text)

    def client_tools():
        messages = [{"role": "user", "content": f"weather in Oslo {tag}"}]
        first = client.chat.completions.create(model="cyrene", messages=messages, tools=tools)
        call = first.choices[0].message.tool_calls[0]
        expect(call.function.name == "get_weather", call)
        messages += [first.choices[0].message, {"role": "tool", "tool_call_id": call.id, "content": "-3°C"}]
        second = client.chat.completions.create(model="cyrene", messages=messages, tools=tools)
        expect(second.choices[0].message.content == "工具结果：-3°C", second.choices[0].message.content)

    def abandoned_tool():
        messages = [{"role": "user", "content": f"weather in Rome {tag}"}]
        first = client.chat.completions.create(model="cyrene", messages=messages, tools=tools)
        messages += [first.choices[0].message, {"role": "user", "content": f"算了 {tag}"}]
        second = client.chat.completions.create(model="cyrene", messages=messages, tools=tools)
        expect(second.choices[0].message.content == f"你说：算了 {tag}", second.choices[0].message.content)

    def structured():
        answer = client.chat.completions.create(
            model="cyrene",
            messages=[{"role": "user", "content": f"json please {tag}"}],
            response_format={"type": "json_schema", "json_schema": {"name": "answer", "schema": ANSWER_SCHEMA}},
        )
        expect(json.loads(answer.choices[0].message.content)["city"] == "Oslo", answer)

    def upstream_error():
        try:
            client.chat.completions.create(model="cyrene", messages=[{"role": "user", "content": f"fail {tag}"}])
        except openai.APIStatusError as error:
            expect(error.status_code == 502, error.status_code)
            return
        raise AssertionError("no error raised")

    return run_checks(multi_turn, stream, client_tools, abandoned_tool, structured, upstream_error)


def run_langchain(base, tag):
    from langchain_core.messages import HumanMessage, ToolMessage
    from langchain_openai import ChatOpenAI

    llm = ChatOpenAI(model="cyrene", base_url=f"{base}/v1", api_key="unused")
    weather = {"type": "function", "function": {"name": "get_weather", "description": "weather", "parameters": WEATHER_SCHEMA}}

    def multi_turn():
        messages = [HumanMessage(f"你好 {tag}")]
        for turn in range(3):
            answer = llm.invoke(messages)
            expect(answer.content.startswith("你说："), answer.content)
            messages += [answer, HumanMessage(f"第{turn}轮 {tag}")]

    def stream():
        text = "".join(chunk.content for chunk in llm.stream([HumanMessage(f"流式 {tag}")]))
        expect(text == f"你说：流式 {tag}", text)

    def client_tools():
        bound = llm.bind_tools([weather])
        messages = [HumanMessage(f"weather in Oslo {tag}")]
        first = bound.invoke(messages)
        call = first.tool_calls[0]
        expect(call["name"] == "get_weather", call)
        messages += [first, ToolMessage("-3°C", tool_call_id=call["id"])]
        second = bound.invoke(messages)
        expect(second.content == "工具结果：-3°C", second.content)

    def abandoned_tool():
        bound = llm.bind_tools([weather])
        messages = [HumanMessage(f"weather in Rome {tag}")]
        first = bound.invoke(messages)
        messages += [first, HumanMessage(f"算了 {tag}")]
        second = bound.invoke(messages)
        expect(second.content == f"你说：算了 {tag}", second.content)

    def structured():
        shaped = llm.with_structured_output(
            {"title": "answer", **ANSWER_SCHEMA}, method="json_schema"
        )
        answer = shaped.invoke([HumanMessage(f"json please {tag}")])
        expect(answer["city"] == "Oslo", answer)

    def upstream_error():
        import openai

        try:
            llm.invoke([HumanMessage(f"fail {tag}")])
        except openai.APIStatusError as error:
            expect(error.status_code == 502, error.status_code)
            return
        raise AssertionError("no error raised")

    return run_checks(multi_turn, stream, client_tools, abandoned_tool, structured, upstream_error)


def run_ollama(base, tag):
    import ollama

    client = ollama.Client(host=base)
    weather = {"type": "function", "function": {"name": "get_weather", "description": "weather", "parameters": WEATHER_SCHEMA}}

    def multi_turn():
        messages = [{"role": "user", "content": f"你好 {tag}"}]
        for turn in range(3):
            answer = client.chat(model="cyrene", messages=messages)
            expect(answer.message.content.startswith("你说："), answer.message.content)
            messages += [{"role": "assistant", "content": answer.message.content}, {"role": "user", "content": f"第{turn}轮 {tag}"}]

    def stream():
        text = "".join(part.message.content or "" for part in client.chat(model="cyrene", stream=True, messages=[{"role": "user", "content": f"流式 {tag}"}]))
        expect(text == f"你说：流式 {tag}", text)

    def client_tools():
        messages = [{"role": "user", "content": f"weather in Oslo {tag}"}]
        first = client.chat(model="cyrene", messages=messages, tools=[weather])
        call = first.message.tool_calls[0]
        expect(call.function.name == "get_weather", call)
        messages += [first.message, {"role": "tool", "content": "-3°C", "tool_name": "get_weather"}]
        second = client.chat(model="cyrene", messages=messages, tools=[weather])
        expect(second.message.content == "工具结果：-3°C", second.message.content)

    def abandoned_tool():
        messages = [{"role": "user", "content": f"weather in Rome {tag}"}]
        first = client.chat(model="cyrene", messages=messages, tools=[weather])
        messages += [first.message, {"role": "user", "content": f"算了 {tag}"}]
        second = client.chat(model="cyrene", messages=messages, tools=[weather])
        expect(second.message.content == f"你说：算了 {tag}", second.message.content)

    def structured():
        answer = client.chat(model="cyrene", messages=[{"role": "user", "content": f"json please {tag}"}], format=ANSWER_SCHEMA)
        expect(json.loads(answer.message.content)["city"] == "Oslo", answer)

    def upstream_error():
        for streamed in (False, True):
            try:
                reply = client.chat(model="cyrene", stream=streamed, messages=[{"role": "user", "content": f"fail {tag} {streamed}"}])
                if streamed:
                    list(reply)
            except ollama.ResponseError as error:
                expect("failed" in error.error, error.error)
                continue
            raise AssertionError(f"no error raised (stream={streamed})")

    return run_checks(multi_turn, stream, client_tools, abandoned_tool, structured, upstream_error)


if __name__ == "__main__":
    which, base, ollama_base, tag = sys.argv[1:5]
    runners = {"openai": run_openai, "langchain": run_langchain, "ollama": run_ollama}
    url = ollama_base if which == "ollama" else base
    print(json.dumps(runners[which](url, tag), ensure_ascii=False))
