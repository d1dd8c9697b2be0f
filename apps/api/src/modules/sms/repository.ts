import { sql } from 'drizzle-orm';
import type { Db } from '@sf/db';

/** The SMS module's SQL: its messages are jobs (`sms.send`), so it writes the jobs table only. */
export const smsRepository = (db: Db) => ({
  /** Puts `text` in place of a job's message text (a sign-in code is kept only hashed). */
  replaceText: async (jobId: string, text: string) => {
    await db.execute(
      sql`update jobs set payload = jsonb_set(payload, '{text}', to_jsonb(${text}::text))
        where id = ${jobId}`,
    );
  },
});
