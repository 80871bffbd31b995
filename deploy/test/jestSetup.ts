// testTimeout is a global option, ignored inside a project: HTTP rounds through the balancer on a busy machine.
jest.setTimeout(60_000);
