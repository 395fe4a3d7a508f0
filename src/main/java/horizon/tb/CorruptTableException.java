package horizon.tb;

/** A table file whose contents contradict the format; the message says where. Never leaves this package. */
final class CorruptTableException extends Exception {
    private static final long serialVersionUID = 1L;

    CorruptTableException(String message) {
        super(message);
    }
}
