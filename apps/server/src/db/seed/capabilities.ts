// Transitional: the demo moved to src/demo/. Module tests still import this path; when they import
// '../../demo/capabilities' instead, delete this file.
export { DEMO_CAPABILITIES, LAKESIDE_CAPABILITIES } from '../../demo/capabilities';
