// Server tests start real databases, hash passwords with argon2 and write files: on a busy 2-core
// CI machine a suite's setup can take longer than Jest's 5 s default.
jest.setTimeout(30_000);
