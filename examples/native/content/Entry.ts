/// <reference path="Game/Tuning.ts" />
/// <reference path="Game/CoinRow.ts" />

const viewport = new Viewport()
new Background(viewport, Content.Sky)
const hero = new Sprite(viewport).Move(Tuning.HeroLeft, Tuning.Ground).Loop(Content.Hero)
const row = new CoinRow(left => {
    AddStaticSprite(viewport, Content.Coin, left, Tuning.Ground)
    return { left }
})
const coins = row.Lay(Tuning.Coins)
const facing = coins.length > 0 ? Tuning.Facing.Right : Tuning.Facing.Left
const goal = row.Last()?.left ?? Tuning.HeroLeft
hero.MoveOver(goal, Tuning.Ground, Tuning.WalkSeconds * coins.length, () => hero.PlaySound(Content.Beep))
Music.Set(Content.Theme)
if (facing === Tuning.Facing.Left) hero.Move(Tuning.HeroLeft, Tuning.Ground)
