package horizon.engine;

/**
 * The UCI rule that an infinite or pondering search may not report its move before the GUI says "stop" or
 * "ponderhit", even when the search itself has ended (a mate found, the depth limit reached). The search thread
 * waits here; "stop" and "ponderhit" release it.
 */
final class StopHandshake {
    private boolean released;

    /** Before a search starts: nothing released yet. */
    synchronized void arm() {
        released = false;
    }

    /** "stop" or "ponderhit" came. */
    synchronized void release() {
        released = true;
        notifyAll();
    }

    /** Called by the finished search: waits for the release if the search's limits require it. */
    synchronized void awaitReleaseIf(boolean waitsForStop) {
        while (waitsForStop && !released) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
