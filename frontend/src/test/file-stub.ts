/** Test twin of an imported image: Vite answers its URL; tests only need a string. */
const fileStub = 'test-file-stub';
export default fileStub;
