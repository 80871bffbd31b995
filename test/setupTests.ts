import '@testing-library/jest-dom';

// Page tests drive the whole app through user-event; on a busy 2-core CI machine they can take
// several seconds. A generous limit keeps them from flaking without hiding a hang.
jest.setTimeout(20_000);
