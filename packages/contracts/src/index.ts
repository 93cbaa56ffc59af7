export * from './rules/index';
export * from './constants/index';
export * from './api/common';
export * from './api/facilities';
export * from './api/content';
export * from './api/fields';
export * from './api/access';
export * from './api/home';
