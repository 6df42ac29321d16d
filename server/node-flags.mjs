// The flags node is started with for the shop's server (`npm start`, the benches, the end-to-end tests): one list.
//
// --max-semi-space-size=4: V8's young generation grows to 2 × 16 MB under load and stays that size while the
// server idles afterwards, if anything at all still allocates (the mail outbox delivering the last hour's
// confirmations). With 4 MB halves, a server's resident memory came back to within 1–8 % of its start after
// 1,000 checkouts, against +16–20 % (bench:checkout, D196). The flag cannot be set from inside the process: V8
// sizes its heap when it starts.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];
