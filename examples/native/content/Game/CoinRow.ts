/// <reference path="Tuning.ts" />

/** A row of things laid out left to right, each made where it stands. */
class CoinRow<T extends { readonly left: number }> {
    private readonly laid: T[] = []

    constructor(private readonly make: (left: number) => T) { }

    Lay(count: number, spacing = Tuning.CoinSpacing): ReadonlyArray<T> {
        for (let i = 0; i < count; i++) {
            this.laid.push(this.make(Tuning.FirstCoinLeft + i * spacing))
        }
        return this.laid
    }

    Last(): T | undefined {
        return this.laid[this.laid.length - 1]
    }
}
