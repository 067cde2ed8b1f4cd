export const styleStub = {};
