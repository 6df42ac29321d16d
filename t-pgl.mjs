import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
const db = new PGlite("/tmp/pgl/data");
await db.query("select 1");
console.log(fs.readdirSync("/tmp/pgl/data").filter(f=>f.includes("pid")||f.includes("lock")));
try { const db2 = new PGlite("/tmp/pgl/data"); await db2.query("select 1"); console.log("second open ok"); } catch(e) { console.log("second open failed", e.message); }
