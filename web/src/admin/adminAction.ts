import { toast } from '../ui/toastStore';

/** Runs an admin action; a failure becomes a destructive toast with the server's message. Answers whether it worked. */
export async function runAdminAction(action: () => Promise<unknown>, failure: string): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (e) {
    toast({ title: failure, description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    return false;
  }
}
