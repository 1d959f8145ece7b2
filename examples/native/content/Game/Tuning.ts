/** Where things stand and how fast they move. */
namespace Tuning {
    export const Ground = 40
    export const HeroLeft = 8
    export const FirstCoinLeft = 24
    export const CoinSpacing = 12
    export const Coins = 3
    export const WalkSeconds = 0.5

    export enum Facing {
        Left,
        Right,
    }
}
