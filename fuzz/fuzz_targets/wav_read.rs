//! Any bytes as a WAV a build reads: read or refused with a reason, never a panic,
//! and what reads is at a rate a build takes and holds finite samples, one channel
//! as long as another.
#![no_main]

use gamepak::codec::wav;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = wav::verify(data, "fuzz.wav");
    let _ = wav::read_s16_stereo(data, "fuzz.wav");
    if let Ok(clip) = wav::read_clip(data, "fuzz.wav") {
        assert!(wav::RATES.contains(&clip.rate), "{} Hz read", clip.rate);
        let frames = clip.channels.first().map_or(0, Vec::len);
        for channel in &clip.channels {
            assert_eq!(channel.len(), frames, "channels of unequal length");
            assert!(
                channel.iter().all(|s| s.is_finite()),
                "a sample that is not finite"
            );
        }
    }
});
