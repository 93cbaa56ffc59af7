export * from './email';
export * from './password';
export * from './person-name';
export * from './phone';
export * from './username';
export * from './login-type';
export * from './value-key';
export * from './questionnaire';
