/**
 * Pictures as PNG files: the page every multi-chart picture is drawn on and the loss curve by epoch, so that the
 * Texel tuner's, the network trainer's and SPSA's pictures look alike. It stands beside io, below the tools and
 * the tuning pipeline, which may all import it; it may import only board, eval and io (today it needs none of
 * them), and nothing that plays or fits.
 */
package horizon.plot;
