// Transitional: the demo moved to src/demo/. Module tests still import this path; when they import
// '../../demo/demo-careteam' instead, delete this file.
export { DEMO_PORTRAIT_FILES } from '../../demo/demo-careteam';
