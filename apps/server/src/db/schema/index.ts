// Every table of the database, one file per area: named after the server module that owns the tables, or
// after the platform piece (sessions, one-time secrets, audit, mail). The files mirror migrations/*.sql,
// which are the source of truth; db.test.ts checks that every table and column declared here exists in a
// migrated database. Import tables from here.

export * from './accounts';
export * from './appointments';
export * from './audit';
export * from './auth';
export * from './careteam';
export * from './contacts';
export * from './direct';
export * from './content';
export * from './education';
export * from './facilities';
export * from './facility-pages';
export * from './health-summary';
export * from './integration';
export * from './follow-up-plan';
export * from './lab-results';
export * from './lookups';
export * from './mail';
export * from './medical-notes';
export * from './one-time-secrets';
export * from './questionnaires';
export * from './reminders';
export * from './secure-messages';
export * from './sessions';
export * from './treatment-summary';
export * from './notifications';
