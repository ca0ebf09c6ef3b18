/** Firebase mode: reading every account of Firebase Authentication (staff lists are small). */
import type { Auth, UserRecord } from 'firebase-admin/auth';

/** The user records of every account, one listUsers page (up to 1000) at a time. */
export async function* userPages(auth: Auth): AsyncGenerator<UserRecord[]> {
  let token: string | undefined;
  do {
    const page = await auth.listUsers(1000, token);
    yield page.users;
    token = page.pageToken;
  } while (token);
}
