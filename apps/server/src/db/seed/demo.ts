// Transitional: the demo moved to src/demo/. Module tests still import this path; when they import
// '../../demo/demo' instead, delete this file.
export { DEMO_PASSWORD, DEMO_SECRETS } from '../../demo/demo';
