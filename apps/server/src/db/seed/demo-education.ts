// Transitional: the demo moved to src/demo/. Module tests still import this path; when they import
// '../../demo/demo-education' instead, delete this file.
export { DEMO_EDUCATION_MATERIALS } from '../../demo/demo-education';
