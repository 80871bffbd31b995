/** Database rows in the wire shapes of contract/wire.ts: ids and counts as strings, as WordPress sends them. */
import type { WireUser } from '../../contract';
import type { UserRow } from '../db/schema';

export function toWireUser(u: UserRow): WireUser {
  return {
    user_id: String(u.id),
    role: u.role,
    FirstName: u.first_name,
    LastName: u.last_name,
    Email: u.email,
    Country: u.country,
    State: u.state,
    Territory: u.territory,
    teacher_id: u.teacher_id === null ? '' : String(u.teacher_id),
  };
}

