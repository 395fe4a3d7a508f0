package horizon.tb;

import horizon.board.Position;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The Syzygy endgame tables found in one or more folders (WDL {@code .rtbw} and DTZ {@code .rtbz} files of
 * standard chess). Opening only reads each file's magic number; a table is mapped and parsed when a position of
 * its material is first probed. Problems (a missing folder, an unreadable, damaged or misnamed file) never throw:
 * they are listed by {@link #problems()}, and probes that would need such a file return {@link #FAILED}.
 *
 * <p>Probe through a {@link SyzygyProber} per search thread ({@link #newProber()}): it holds the scratch arrays,
 * so probing allocates nothing. Any number of probers may share one {@code SyzygyTables}.
 *
 * <p>Values, from the side to move's point of view:
 * <ul>
 *   <li>WDL: {@link #LOSS} -2, {@link #BLESSED_LOSS} -1 (lost, but saved by the 50-move rule), {@link #DRAW} 0,
 *       {@link #CURSED_WIN} 1 (won, but the 50-move rule saves the opponent), {@link #WIN} 2.</li>
 *   <li>DTZ: as Stockfish's and Fathom's {@code probe_dtz}: 0 for a draw; otherwise the sign of the WDL and the
 *       number of plies to the next capture or pawn move (zeroing the 50-move counter) with best play, with 100
 *       added for cursed wins and blessed losses, so that |DTZ| &gt; 100 marks the results the 50-move rule draws;
 *       -1 when checkmated. Where a table stores distances in moves rather than plies, the value can be one
 *       ply short of the true distance (+n or -n may mean n + 1 plies); the generator keeps that rounding away
 *       from positions on the edge of the 50-move rule. Every prober of the format reports the same values.</li>
 * </ul>
 * Positions with castling rights, or with more pieces than the largest table, are not in any table and give
 * {@link #FAILED}.
 */
public final class SyzygyTables {
    /** Returned by every probe that cannot answer. Never a valid WDL or DTZ value. */
    public static final int FAILED = Integer.MIN_VALUE;
    public static final int LOSS = -2, BLESSED_LOSS = -1, DRAW = 0, CURSED_WIN = 1, WIN = 2;
    /** The largest tables published have 7 pieces. */
    public static final int MAX_PIECES = 7;

    private static final String WDL_SUFFIX = ".rtbw", DTZ_SUFFIX = ".rtbz";
    /** Suffixes of the variants' tables (atomic, antichess, suicide) and of DTM tables: noted, never used. */
    private static final String[] OTHER_SUFFIXES = {".atbw", ".atbz", ".gtbw", ".gtbz", ".stbw", ".stbz", ".rtbm"};

    private final List<String> problems = new ArrayList<>();
    // Final fields: whichever thread receives this object sees the tables as open() left them.
    private final List<SyzygyTable> tables = new ArrayList<>();
    private final int maxPieces;
    /** Open addressing from material signature (both colourings) to table; at least four slots a table. */
    private final int[] slotKeys;
    private final SyzygyTable[] slotTables;

    private SyzygyTables(String paths) {
        TreeMap<Integer, SyzygyTable> byKey = new TreeMap<>();
        if (paths == null || paths.isBlank()) {
            report("no tablebase folder given");
        } else {
            for (String folder : paths.split(Pattern.quote(File.pathSeparator))) {
                if (folder.isBlank()) {
                    continue;
                }
                try {
                    scan(Path.of(folder.strip()), byKey);
                } catch (InvalidPathException e) {
                    report(folder + ": not a valid path: " + e.getMessage());
                }
            }
        }
        int largest = 0;
        for (SyzygyTable table : byKey.values()) {
            if (!table.hasFile(false)) {
                report(table.name + DTZ_SUFFIX + " has no " + table.name + WDL_SUFFIX
                        + " beside it: DTZ probes need the WDL table too");
            }
            tables.add(table);
            if (table.hasFile(false)) {
                largest = Math.max(largest, table.pieceCount);
            }
        }
        maxPieces = largest;
        int capacity = 16;
        while (capacity < 4 * tables.size()) {
            capacity <<= 1;
        }
        slotKeys = new int[capacity];
        slotTables = new SyzygyTable[capacity];
        for (SyzygyTable table : tables) {
            insert(table.key, table);
            insert(Material.mirror(table.key), table);
        }
    }

    /**
     * The tables in the given folders, separated by {@link File#pathSeparator} (':' on Unix, ';' on Windows).
     * Where two folders hold the same file, the first one is used. Never throws; see {@link #problems()}.
     */
    public static SyzygyTables open(String paths) {
        return new SyzygyTables(paths);
    }

    private void scan(Path folder, TreeMap<Integer, SyzygyTable> byKey) {
        if (!Files.isDirectory(folder)) {
            report(folder + ": no such folder");
            return;
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            stream.forEach(files::add);
        } catch (IOException | RuntimeException e) {
            report(folder + ": cannot list: " + e.getMessage());
            return;
        }
        files.sort(null);
        for (Path file : files) {
            String fileName = file.getFileName().toString();
            boolean isWdl = fileName.endsWith(WDL_SUFFIX), isDtz = fileName.endsWith(DTZ_SUFFIX);
            if (!isWdl && !isDtz) {
                for (String suffix : OTHER_SUFFIXES) {
                    if (fileName.endsWith(suffix)) {
                        report(file + ": not a table of standard chess WDL or DTZ (" + suffix + "), ignored");
                    }
                }
                continue;
            }
            String name = fileName.substring(0, fileName.length() - WDL_SUFFIX.length());
            int key = Material.parseName(name);
            if (key < 0) {
                report(file + ": not a Syzygy table name (such as KQvKR: kings first, pieces in KQRBNP order, the "
                        + "stronger side first, 3 to " + MAX_PIECES + " pieces), ignored");
                continue;
            }
            SyzygyTable table = byKey.computeIfAbsent(key, k -> new SyzygyTable(name, k, this));
            if (table.hasFile(isDtz)) {
                continue; // an earlier folder has it
            }
            String problem = readMagicProblem(file, isDtz);
            if (problem != null) {
                report(file + ": " + problem + ", ignored");
                continue;
            }
            table.setPath(isDtz, file);
        }
        byKey.values().removeIf(t -> !t.hasFile(false) && !t.hasFile(true));
    }

    /** Reads the first four bytes: a wrong magic number is caught at open, everything else on first probe. */
    private static String readMagicProblem(Path file, boolean isDtz) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            while (head.hasRemaining() && channel.read(head) >= 0) {
                // read until four bytes or the end
            }
            if (head.hasRemaining()) {
                return "truncated: " + head.position() + " bytes";
            }
            return TableFile.checkMagic(head.getInt(0) & 0xFFFFFFFFL, isDtz);
        } catch (IOException | RuntimeException e) {
            return "cannot read: " + e.getMessage();
        }
    }

    private void insert(int key, SyzygyTable table) {
        int mask = slotKeys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (slotTables[i] == null || slotKeys[i] == key) {
                slotKeys[i] = key;
                slotTables[i] = table;
                return;
            }
        }
    }

    private static int slot(int key, int mask) {
        return (key * 0x9E3779B9) >>> 7 & mask;
    }

    /** The table of a material signature in either colouring, or null. */
    SyzygyTable find(int key) {
        int mask = slotKeys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            SyzygyTable t = slotTables[i];
            if (t == null || slotKeys[i] == key) {
                return t;
            }
        }
    }

    synchronized void report(String problem) {
        problems.add(problem);
    }

    /** Everything found wrong so far: at open, and since then while loading tables on first probe. */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** The largest number of pieces (kings included) of any usable WDL table; 0 when there is none. */
    public int maxPieces() {
        return maxPieces;
    }

    /** Number of materials with a WDL or DTZ file. */
    public int tableCount() {
        return tables.size();
    }

    /** Names of the materials found ("KQvKR"), in no particular order. */
    public List<String> tableNames() {
        List<String> names = new ArrayList<>();
        for (SyzygyTable t : tables) {
            names.add(t.name);
        }
        return names;
    }

    /**
     * Loads every table now rather than on first probe, so that damaged files show in {@link #problems()} at
     * once (a tool's or a test's check; an engine may let them load lazily). Returns the problems.
     */
    public List<String> loadAll() {
        for (SyzygyTable t : tables) {
            t.wdl();
            t.dtz();
        }
        return problems();
    }

    /** A prober for one thread: it owns the scratch space a probe needs. */
    public SyzygyProber newProber() {
        return new SyzygyProber(this);
    }

    /** {@link SyzygyProber#probeWdl} with a prober made for the call: for tools and tests, not a search. */
    public int probeWdl(Position pos) {
        return newProber().probeWdl(pos);
    }

    /** {@link SyzygyProber#probeDtz} with a prober made for the call: for tools and tests, not a search. */
    public int probeDtz(Position pos) {
        return newProber().probeDtz(pos);
    }
}
