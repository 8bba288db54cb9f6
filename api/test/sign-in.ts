import { expect } from "bun:test";
import { Client } from "./harness.ts";

/** A client of the branch at `host` signed in as `email`; the test fails when the sign-in is refused. */
export async function signIn(server: { url: string }, email: string, password = "demo-pass-1", host = "demo") {
  const client = new Client(server.url, host);
  expect((await client.login(email, password)).isSuccess).toBe(true);
  return client;
}

/** The seeded demo branch's people signed in: a super admin, an employee, one without access, a customer. */
export async function demoClients(server: { url: string }) {
  return {
    admin: await signIn(server, "admin@demo.test"),
    employee: await signIn(server, "employee@demo.test"),
    noAccess: await signIn(server, "noaccess@demo.test"),
    customer: await signIn(server, "customer@demo.test"),
  };
}
