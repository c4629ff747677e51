// Runs the real npm clients the course models on streams served over loopback, and prints
// what each gives its user, one JSON line per stream and client.
//
//   node readers.mjs BASE_URL COUNT
//
// Stream i is at BASE_URL/i. The clients:
//   agui       @ag-ui/client's HttpAgent.runAgent, the text of the assistant's messages, the
//              error the run rejects with, or the message of a RUN_ERROR event it delivered;
//   onmessage  the eventsource package's EventSource, the data of every event its onmessage
//              handler receives, until the stream ends;
//   openai     openai's Stream.fromSSEResponse iterated as the SDK's guides do, each chunk's
//              choices[0].delta.content appended, or the error the iteration throws.
import { HttpAgent } from "@ag-ui/client";
import { EventSource } from "eventsource";
import { Stream } from "openai/streaming";

const [base, countArg] = process.argv.slice(2);
const count = Number(countArg);
if (!base || !Number.isInteger(count) || count < 0) {
  console.error("usage: node readers.mjs BASE_URL COUNT");
  process.exit(2);
}

// The clients warn on the console about what they drop; the output is the JSON lines alone.
let warnings = 0;
console.warn = () => { warnings++; };
console.error = () => {};
console.debug = () => {};

function failure(e) {
  return { error: e instanceof Error ? e.message : String(e), errorName: e instanceof Error ? e.name : typeof e };
}

async function agui(url) {
  const agent = new HttpAgent({ url });
  let runError;
  const before = warnings;
  let out;
  try {
    await agent.runAgent({}, { onRunErrorEvent: ({ event }) => { runError = event.message; } });
    out = runError === undefined ? {} : { error: String(runError), errorName: "RUN_ERROR" };
  } catch (e) {
    out = failure(e);
  }
  const text = agent.messages.filter((m) => m.role === "assistant").map((m) => m.content ?? "").join("");
  return { text, warnings: warnings - before, ...out };
}

function onmessage(url) {
  return new Promise((resolve) => {
    const events = [];
    const es = new EventSource(url);
    es.onmessage = (e) => { events.push(e.data); };
    // The stream's end is an error to EventSource, which would reconnect; the page closes it.
    es.onerror = () => { es.close(); resolve({ events }); };
  });
}

async function openai(url) {
  const controller = new AbortController();
  const response = await fetch(url);
  let text = "";
  try {
    for await (const chunk of Stream.fromSSEResponse(response, controller)) {
      const content = chunk?.choices?.[0]?.delta?.content;
      text += content ?? "";
    }
    return { text };
  } catch (e) {
    return { text, ...failure(e) };
  }
}

const readers = { agui, onmessage, openai };
for (let i = 0; i < count; i++) {
  const url = `${base}/${i}`;
  for (const [name, read] of Object.entries(readers)) {
    const got = await read(url);
    process.stdout.write(JSON.stringify({ id: i, reader: name, ...got }) + "\n");
  }
}
