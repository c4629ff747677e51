// Runs the real npm WebSocket and SignalR clients on the writers the course serves over
// loopback, and prints what each hands its application, one JSON line per target.
//
//   node transports.mjs < targets.json
//
// targets.json is an array of {id, client, url, method, upload, request, message, doneItems,
// react}:
//   ws       npm ws's WebSocket: opens url, sends request (a string) as the first text message,
//            and collects every message until the close: its data, whether it was binary, the
//            close code and reason, and the message of an 'error' event;
//   signalr  @microsoft/signalr's HubConnection over WebSockets, left to pick its own WebSocket
//            in node: streams method with request (parsed JSON) as its argument and, with upload,
//            a Subject that sends message and completes once an item equal to one of doneItems
//            arrives; it collects every item and the error the stream ends with.
// With react {whenType, message | method and args}, a message or item that is a JSON object of
// type whenType is answered: message goes up the socket, or method is invoked on the hub.
// A first line reports which ws each client loaded.
import { createRequire } from "node:module";
import WebSocket from "ws";
import * as signalR from "@microsoft/signalr";

const require = createRequire(import.meta.url);

// The clients log to the console; the output is the JSON lines alone.
console.warn = () => {};
console.error = () => {};
console.log = () => {};
console.debug = () => {};
console.info = () => {};
const out = (v) => process.stdout.write(JSON.stringify(v) + "\n");

// @microsoft/signalr requires "ws" from its own folder when node has no WebSocket.
const signalrDir = require.resolve("@microsoft/signalr").replace(/dist[\\/]cjs[\\/].*$/, "");
const signalrRequire = createRequire(signalrDir + "package.json");
out({
  ws: require("ws/package.json").version,
  signalrWs: signalrRequire("ws/package.json").version,
  globalWebSocket: typeof globalThis.WebSocket,
});

function failure(e) {
  return { error: e instanceof Error ? e.message : String(e), errorName: e instanceof Error ? e.name : typeof e };
}

function readWS(t) {
  return new Promise((resolve) => {
    const values = [];
    const binary = [];
    let error;
    const ws = new WebSocket(t.url);
    ws.on("open", () => ws.send(t.request));
    ws.on("message", (data, isBinary) => {
      values.push(isBinary ? data.toString("base64") : data.toString("utf8"));
      binary.push(isBinary);
      if (!isBinary && reacts(t, data.toString("utf8"))) ws.send(t.react.message);
    });
    ws.on("error", (e) => { error = e.message; });
    ws.on("close", (code, reason) => resolve({ values, binary, closeCode: code, closeReason: reason.toString(), error }));
  });
}

async function readSignalR(t) {
  const conn = new signalR.HubConnectionBuilder()
    .withUrl(t.url, { transport: signalR.HttpTransportType.WebSockets })
    .configureLogging(signalR.LogLevel.None)
    .build();
  try {
    await conn.start();
  } catch (e) {
    return { values: [], ...failure(e) };
  }
  const values = [];
  const end = await new Promise((resolve) => {
    const args = [JSON.parse(t.request)];
    let subject;
    if (t.upload) {
      subject = new signalR.Subject();
      args.push(subject);
    }
    conn.stream(t.method, ...args).subscribe({
      next: (item) => {
        values.push(JSON.stringify(item));
        if (reacts(t, item)) conn.invoke(t.react.method, ...t.react.args).catch(() => {});
        if (subject && (t.doneItems || []).includes(item)) {
          subject.complete();
          subject = undefined;
        }
      },
      error: (e) => resolve(failure(e)),
      complete: () => resolve({}),
    });
    if (subject) subject.next(t.message);
  });
  await conn.stop();
  return { values, ...end };
}

// reacts says whether a message (a string to parse) or an item calls for t's reaction.
function reacts(t, v) {
  if (!t.react) return false;
  if (typeof v === "string") {
    try { v = JSON.parse(v); } catch { return false; }
  }
  return v !== null && typeof v === "object" && v.type === t.react.whenType;
}

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const targets = JSON.parse(Buffer.concat(chunks).toString("utf8"));
for (const t of targets) {
  const got = t.client === "ws" ? await readWS(t) : await readSignalR(t);
  out({ id: t.id, client: t.client, ...got });
}
