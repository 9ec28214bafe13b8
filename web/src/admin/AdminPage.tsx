/**
 * Admin Panel (/admin, canAccessAdmin): overview, users, everyone's generation queue, moderation,
 * regenerations, the radio line-up, the Mood & Time presets and the audit log. The server checks admin rights on every operation; this page only hides itself.
 */
import { Link, useSearchParams } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { AdminOverviewPanel } from './AdminOverviewPanel';
import { AdminUsersPanel } from './AdminUsersPanel';
import { AdminQueuePanel } from './AdminQueuePanel';
import { ModerationPanel } from './ModerationPanel';
import { RegenerationPanel } from './RegenerationPanel';
import { RadioStationsPanel } from './RadioStationsPanel';
import { MoodPresetsPanel } from './MoodPresetsPanel';
import { AuditLogPanel } from './AuditLogPanel';
import { AdminAccessRequired } from './controls';
import './AdminPage.css';

const SECTIONS = [
  { id: 'overview', label: 'Overview', Panel: AdminOverviewPanel },
  { id: 'users', label: 'Users', Panel: AdminUsersPanel },
  { id: 'queue', label: 'Generation queue', Panel: AdminQueuePanel },
  { id: 'moderation', label: 'Moderation', Panel: ModerationPanel },
  { id: 'regenerations', label: 'Regenerations', Panel: RegenerationPanel },
  { id: 'radio', label: 'Radio stations', Panel: RadioStationsPanel },
  { id: 'presets', label: 'Mood & Time presets', Panel: MoodPresetsPanel },
  { id: 'audit', label: 'Audit log', Panel: AuditLogPanel },
] as const;

export function AdminPage() {
  const user = useSignedInUser();
  // The open section is in the address (?section=radio), so links and reloads land on it.
  const [params, setParams] = useSearchParams();
  const section = SECTIONS.find((s) => s.id === params.get('section'))?.id ?? 'overview';
  const setSection = (id: string) => setParams({ section: id }, { replace: true });
  if (user.canAccessAdmin !== true) return <AdminAccessRequired title="Admin Panel" />;
  const { Panel } = SECTIONS.find((s) => s.id === section)!;
  return (
    <div className="admin">
      <h1>Admin Panel</h1>
      <nav aria-label="Admin pages" className="admin__tabs">
        <Link to="/admin/database-sync">Database Sync</Link>
        <Link to="/admin/ai-enhancement">AI Enhancement</Link>
      </nav>
      <div className="admin__tabs" role="tablist" aria-label="Admin sections">
        {SECTIONS.map((s) => (
          <button key={s.id} type="button" role="tab" aria-selected={s.id === section} className="admin__tab" onClick={() => setSection(s.id)}>
            {s.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={SECTIONS.find((s) => s.id === section)!.label}>
        <Panel />
      </section>
    </div>
  );
}
