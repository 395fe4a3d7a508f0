package horizon.board;

/** A FEN that does not describe a legal, playable position; the message says what is wrong. */
public final class FenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FenException(String message) {
        super(message);
    }
}
