/** True in the suite's PostgreSQL pass (DATABASE_URL names a PostgreSQL server). */
export const onPostgres = (): boolean => /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
