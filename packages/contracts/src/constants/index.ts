export * from './breakpoints';
export * from './limits';
export * from './locales';
export * from './portal';
export * from './lab-results';
