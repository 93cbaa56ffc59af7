// Transitional: the demo moved to src/demo/. Module tests still import this path; when they import
// '../../demo/demo-treatment-summary' instead, delete this file.
export { seedDemoTreatmentSummary } from '../../demo/demo-treatment-summary';
