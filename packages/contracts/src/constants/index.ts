export * from './breakpoints';
export * from './limits';
export * from './locales';
export * from './portal';
export * from './follow-up-plan';
export * from './education';
export * from './treatment-summary';
export * from './lab-results';
