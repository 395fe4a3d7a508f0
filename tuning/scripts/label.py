#!/usr/bin/env python3
"""label.py IN OUT NODES: Stockfish's score at NODES nodes for each 'FEN c9 ...' line (side to move's view), written as
'FEN ce N; c9 ...'. Dropped: mate scores and positions whose best move (Stockfish's) is a capture or promotion, as
datagen's quiet filter drops them."""
import subprocess, sys
inp, outp, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
sf = subprocess.Popen(['/usr/games/stockfish'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): sf.stdin.write(s + '\n')
send('uci'); send('setoption name Hash value 16'); send('setoption name Threads value 1'); send('isready')
for l in sf.stdout:
    if l.startswith('readyok'): break
def occupied(board, sq):
    f = ord(sq[0]) - 97; r = int(sq[1])
    row = board.split('/')[8 - r]; c = 0
    for ch in row:
        if ch.isdigit(): c += int(ch)
        else:
            if c == f: return ch
            c += 1
    return None
kept = dropped = 0
with open(inp) as fi, open(outp, 'w') as fo:
    for line in fi:
        i = line.index('c9 ')
        fen = line[:i].strip(); rest = line[i:].strip()
        send('position fen ' + fen + ' 0 1'); send('go nodes %d' % nodes)
        score = None; mate = False; best = None
        for l in sf.stdout:
            if l.startswith('info') and ' score ' in l:
                t = l.split(); k = t.index('score')
                if t[k + 1] == 'cp': score = int(t[k + 2]); mate = False
                else: mate = True
            elif l.startswith('bestmove'):
                best = l.split()[1]; break
        b = fen.split()
        noisy = best is None or best == '(none)' or len(best) == 5 or occupied(b[0], best[2:4]) is not None \
            or (best[2:4] == b[3] and (occupied(b[0], best[0:2]) or ' ') in 'Pp')
        if mate or score is None or noisy:
            dropped += 1; continue
        fo.write('%s ce %d; %s\n' % (fen, score, rest)); kept += 1
send('quit')
print('label: %d kept, %d dropped (mate or noisy best move)' % (kept, dropped), file=sys.stderr)
