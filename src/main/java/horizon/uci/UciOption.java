package horizon.uci;

import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * One row of the UCI option table: name, type, default and bounds, which {@code uci} declares, and the setter that
 * {@code setoption} calls once the value has passed the checks the type and bounds imply (Stockfish's
 * {@code Option}, ucioption.cpp). A value that fails them never reaches the setter: the row says why instead.
 */
final class UciOption {
    /** The five types of the UCI protocol, written in lower case in the declaration. */
    enum Type { SPIN, CHECK, COMBO, STRING, BUTTON }

    /** A check row's setter: the value as a boolean. */
    @FunctionalInterface
    interface CheckSetter {
        void set(boolean on);
    }

    final String name;
    final Type type;
    /** The default as declared; a supplier, since some show the value now in force (UseNNUE, the tunables). */
    private final Supplier<String> defaultValue;
    private final int min, max;
    /** A spin whose bounds are advice: any number reaches the setter, which plays the nearest (UCI_Elo). */
    private final boolean anyNumber;
    private final List<String> comboValues;
    /** Applies a value that has passed the checks. */
    private final Consumer<String> setter;

    private UciOption(String name, Type type, Supplier<String> defaultValue, int min, int max, boolean anyNumber,
                      List<String> comboValues, Consumer<String> setter) {
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.anyNumber = anyNumber;
        this.comboValues = comboValues;
        this.setter = setter;
    }

    static UciOption spin(String name, int defaultValue, int min, int max, IntConsumer setter) {
        return spin(name, () -> defaultValue, min, max, setter);
    }

    /** A spin whose declared default is the value in force when {@code uci} asks (the tunables). */
    static UciOption spin(String name, IntSupplier defaultValue, int min, int max, IntConsumer setter) {
        return new UciOption(name, Type.SPIN, () -> Integer.toString(defaultValue.getAsInt()), min, max, false,
                List.of(), v -> setter.accept(Integer.parseInt(v)));
    }

    /** A spin that declares its bounds but passes any number on: the setter answers one outside them. */
    static UciOption spinAnyNumber(String name, int defaultValue, int min, int max, IntConsumer setter) {
        return new UciOption(name, Type.SPIN, () -> Integer.toString(defaultValue), min, max, true, List.of(),
                v -> setter.accept(Integer.parseInt(v)));
    }

    static UciOption check(String name, boolean defaultValue, CheckSetter setter) {
        return check(name, () -> defaultValue, setter);
    }

    /** A check whose declared default is the setting in force when {@code uci} asks (UseNNUE). */
    static UciOption check(String name, BooleanSupplier defaultValue, CheckSetter setter) {
        return new UciOption(name, Type.CHECK, () -> Boolean.toString(defaultValue.getAsBoolean()), 0, 0, false,
                List.of(), v -> setter.set(v.equalsIgnoreCase("true")));
    }

    /** A choice among fixed words; the setter gets the word as declared, whatever its case in setoption. */
    static UciOption combo(String name, String defaultValue, List<String> values, Consumer<String> setter) {
        List<String> words = List.copyOf(values);
        return new UciOption(name, Type.COMBO, () -> defaultValue, 0, 0, false, words,
                v -> setter.accept(words.stream().filter(v::equalsIgnoreCase).findFirst().orElseThrow()));
    }

    /** Free text (paths); the setter gets it as sent, empty included. */
    static UciOption string(String name, String defaultValue, Consumer<String> setter) {
        return new UciOption(name, Type.STRING, () -> defaultValue, 0, 0, false, List.of(), setter);
    }

    /** An action without a value (Clear Hash). */
    static UciOption button(String name, Runnable action) {
        return new UciOption(name, Type.BUTTON, () -> "", 0, 0, false, List.of(), v -> action.run());
    }

    /** The {@code option name ...} line {@code uci} prints for this row. */
    String declaration() {
        StringBuilder line = new StringBuilder("option name ").append(name).append(" type ")
                .append(type.name().toLowerCase(Locale.ROOT));
        if (type != Type.BUTTON) {
            line.append(" default ").append(defaultValue.get());
        }
        if (type == Type.SPIN) {
            line.append(" min ").append(min).append(" max ").append(max);
        }
        for (String value : comboValues) {
            line.append(" var ").append(value);
        }
        return line.toString();
    }

    /**
     * Sets the option to a value as sent (trimmed): returns null when the setter took it, else the reason it was
     * refused, one line for an {@code info string}.
     */
    String set(String value) {
        String problem = problem(value);
        if (problem == null) {
            setter.accept(value);
        }
        return problem;
    }

    private String problem(String value) {
        switch (type) {
            case SPIN:
                int v;
                try {
                    v = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    return name + " needs a number from " + min + " to " + max + ", not '" + value + "'";
                }
                return anyNumber || (v >= min && v <= max) ? null
                        : name + " must be between " + min + " and " + max + ", not " + v;
            case CHECK:
                return value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false") ? null
                        : name + " takes true or false, not '" + value + "'";
            case COMBO:
                return comboValues.stream().anyMatch(value::equalsIgnoreCase) ? null
                        : name + " takes one of " + String.join(", ", comboValues) + ", not '" + value + "'";
            default:
                return null; // a string takes any text, a button no value
        }
    }
}
