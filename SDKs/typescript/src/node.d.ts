// The little of Node.js the SDK uses, declared here so that it compiles with Debian's
// node-typescript alone (no @types/node needed).
declare const process: {
  stdin: { setEncoding(encoding: string): void; on(event: string, listener: (chunk: string) => void): void };
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
  argv: string[];
  exitCode?: number;
};
declare module "node:test" {
  export function test(name: string, body: () => void | Promise<void>): void;
}
declare module "node:assert" {
  export const strict: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    ok(value: unknown, message?: string): void;
  };
}
