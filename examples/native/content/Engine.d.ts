// The part of the engine's API this game calls. The engine defines it; the build
// joins no code from this file.
declare abstract class SpriteFrame { }
declare abstract class BackgroundFrame { }
declare abstract class Sound { }
declare abstract class Music { }
declare const WidthVirtualPixels: number
declare const HeightVirtualPixels: number
declare class Viewport {
    Move(virtualPixelsFromLeft: number, virtualPixelsFromTop: number): Viewport
}
declare class Sprite {
    constructor(parent: Viewport)
    Loop(animation: SpriteFrame | SpriteFrame[]): Sprite
    Move(virtualPixelsFromLeft: number, virtualPixelsFromTop: number): Sprite
    MoveOver(virtualPixelsFromLeft: number, virtualPixelsFromTop: number, durationSeconds: number, onArrivingIfUninterrupted?: () => void): Sprite
    PlaySound(sound: Sound): Sprite
}
declare class Background {
    constructor(parent: Viewport, frame: BackgroundFrame)
}
declare function AddStaticSprite(parent: Viewport, frame: SpriteFrame, virtualPixelsFromLeft: number, virtualPixelsFromTop: number): void
declare namespace Music {
    function Set(music: Music): void
}
declare const Content: {
    readonly Sky: BackgroundFrame
    readonly Hero: SpriteFrame
    readonly Coin: SpriteFrame
    readonly Beep: Sound
    readonly Theme: Music
}
